import type { z } from 'zod';
import type { InstructorMessageSchema } from '@lp/contracts';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { MessageRow } from './messages.repository.js';
import { iso } from '@lp/service-kit';

/** A message as the caller sees it: `is_sent` when they sent it. */
export function toMessage(r: MessageRow, callerId: string): z.infer<typeof InstructorMessageSchema> {
  return {
    id: r.id,
    sender_id: r.sender_id,
    sender_name: r.sender_name ?? UNKNOWN_USER_NAME,
    recipient_id: r.recipient_id,
    recipient_name: r.recipient_name ?? UNKNOWN_USER_NAME,
    subject: r.subject,
    message: r.body,
    course_id: r.course_id,
    course_title: r.course_title,
    created_at: iso(r.created_at),
    is_read: r.is_read,
    is_sent: r.sender_id === callerId,
  };
}
