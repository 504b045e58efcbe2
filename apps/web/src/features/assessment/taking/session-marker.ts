/**
 * Which timed tests this tab has started: a reload then resumes the open server session
 * straight away instead of showing the instructions again. The server holds the answers and
 * the clock; this only remembers that the learner already pressed Start.
 */
const key = (quizId: string) => `lp.test-session.${quizId}`;

export function rememberStarted(quizId: string, sessionId: string): void {
  try {
    window.sessionStorage.setItem(key(quizId), sessionId);
  } catch {
    // storage refused (private mode): a reload shows the instructions, and Start still resumes
  }
}

export function wasStarted(quizId: string): boolean {
  try {
    return window.sessionStorage.getItem(key(quizId)) !== null;
  } catch {
    return false;
  }
}

export function forgetStarted(quizId: string): void {
  try {
    window.sessionStorage.removeItem(key(quizId));
  } catch {
    // nothing to forget
  }
}
