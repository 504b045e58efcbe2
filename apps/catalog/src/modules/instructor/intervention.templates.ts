import type { InterventionType } from '@lp/contracts';

export interface InterventionContext {
  studentName: string;
  courseTitle: string;
  progress: number;
  instructorName: string;
}

/** The message an intervention sends, per type. */
export function interventionMessage(type: InterventionType, c: InterventionContext): { subject: string; body: string } {
  switch (type) {
    case 'encouragement':
      return {
        subject: `Keep going in ${c.courseTitle}!`,
        body:
          `Hi ${c.studentName}, you are ${c.progress}% of the way through ${c.courseTitle}. ` +
          `Every lesson brings you closer to your certificate: pick up where you left off today. I am cheering for you! — ${c.instructorName}`,
      };
    case 'support':
      return {
        subject: `Need a hand with ${c.courseTitle}?`,
        body:
          `Hi ${c.studentName}, I noticed you have not been active in ${c.courseTitle} for a while. ` +
          `If something is getting in the way, reply to this message and tell me where you are stuck: I will help you get going again. — ${c.instructorName}`,
      };
    case 'resources':
      return {
        subject: `Resources to help you with ${c.courseTitle}`,
        body:
          `Hi ${c.studentName}, here are some ways to continue ${c.courseTitle}: revisit the last lesson you completed, ` +
          `work through the course's content items at your own pace, and browse the Knowledge Hub for related material. — ${c.instructorName}`,
      };
  }
}
