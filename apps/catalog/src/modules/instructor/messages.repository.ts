import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows, type Db } from '@lp/service-kit';

export interface MessageRow {
  id: string;
  sender_id: string;
  recipient_id: string;
  course_id: string | null;
  subject: string;
  body: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
  sender_name: string | null;
  recipient_name: string | null;
  course_title: string | null;
}

const SELECT = `SELECT m.*, s.name AS sender_name, r.name AS recipient_name, c.title AS course_title
  FROM messages m LEFT JOIN users s ON s.id = m.sender_id LEFT JOIN users r ON r.id = m.recipient_id
  LEFT JOIN courses c ON c.id = m.course_id`;

/** Data access for `messages` and `interventions`; no rules here. */
@Injectable()
export class MessagesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<MessageRow | null> {
    return queryOne<MessageRow>(db, `${SELECT} WHERE m.id = $1`, [id]);
  }

  /** Received and sent, newest first. */
  listFor(userId: string, limit: number): Promise<MessageRow[]> {
    return queryRows<MessageRow>(
      this.ds,
      `${SELECT} WHERE m.recipient_id = $1 OR m.sender_id = $1 ORDER BY m.created_at DESC, m.id LIMIT $2`,
      [userId, limit],
    );
  }

  async insert(
    db: Db,
    m: { senderId: string; recipientId: string; courseId: string | null; subject: string; body: string },
    now: Date,
  ): Promise<string> {
    const row = await queryOne<{ id: string }>(
      db,
      'INSERT INTO messages (sender_id, recipient_id, course_id, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [m.senderId, m.recipientId, m.courseId, m.subject, m.body, now],
    );
    return row!.id;
  }

  async markRead(id: string, at: Date): Promise<void> {
    await this.ds.query('UPDATE messages SET is_read = true, read_at = COALESCE(read_at, $2) WHERE id = $1', [id, at]);
  }

  async insertIntervention(
    db: Db,
    i: { instructorId: string; studentId: string; courseId: string; type: string; messageId: string },
    now: Date,
  ): Promise<string> {
    const row = await queryOne<{ id: string }>(
      db,
      `INSERT INTO interventions (instructor_id, student_id, course_id, intervention_type, message_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [i.instructorId, i.studentId, i.courseId, i.type, i.messageId, now],
    );
    return row!.id;
  }

  /** Is the learner enrolled in one of the instructor's courses (in `courseId` when given)? */
  async isStudentOf(instructorId: string, studentId: string, courseId: string | null): Promise<boolean> {
    const row = await queryOne<{ ok: boolean }>(
      this.ds,
      `SELECT EXISTS (SELECT 1 FROM enrollments e JOIN courses c ON c.id = e.course_id
                       WHERE c.instructor_id = $1 AND e.user_id = $2 AND ($3::uuid IS NULL OR c.id = $3)) AS ok`,
      [instructorId, studentId, courseId],
    );
    return row?.ok === true;
  }

  listForUserExport(userId: string): Promise<MessageRow[]> {
    return queryRows<MessageRow>(this.ds, `${SELECT} WHERE m.recipient_id = $1 OR m.sender_id = $1 ORDER BY m.created_at`, [userId]);
  }

  findDuplicate(senderId: string, recipientId: string, subject: string): Promise<{ id: string } | null> {
    return queryOne<{ id: string }>(
      this.ds,
      'SELECT id FROM messages WHERE sender_id = $1 AND recipient_id = $2 AND subject = $3 LIMIT 1',
      [senderId, recipientId, subject],
    );
  }
}
