const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the values of `<input type="date">` and `<input type="time">` in the browser's time zone. */
export function toLocalInputs(iso: string): { day: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { day: '', time: '' };
  return {
    day: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** The inputs' local date and time as an ISO instant; null when they do not make a date. */
export function fromLocalInputs(day: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  const d = new Date(`${day}T${time}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Due dates a learner has not met yet: in the past, with nothing handed in. */
export function isOverdue(dueDate: string, submitted: boolean, now: Date = new Date()): boolean {
  return !submitted && new Date(dueDate).getTime() < now.getTime();
}
