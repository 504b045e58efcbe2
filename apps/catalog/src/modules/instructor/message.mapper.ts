import type { z } from 'zod';
import type { InstructorMessageSchema } from '@lp/contracts';
import { iso, UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { MessageView } from './messages.repository.js';

/** A message as the caller sees it: `is_sent` when they sent it. */
export function toMessage(m: MessageView, callerId: string): z.infer<typeof InstructorMessageSchema> {
  return {
    id: m.id,
    sender_id: m.senderId,
    sender_name: m.sender?.name ?? UNKNOWN_USER_NAME,
    recipient_id: m.recipientId,
    recipient_name: m.recipient?.name ?? UNKNOWN_USER_NAME,
    subject: m.subject,
    message: m.body,
    course_id: m.courseId,
    course_title: m.course?.title ?? null,
    created_at: iso(m.createdAt),
    is_read: m.isRead,
    is_sent: m.senderId === callerId,
  };
}
