/**
 * Transactions at once per XP-earning event type (the kit's HandlerOptions.concurrency). An
 * award batch locks its users' stats rows first (in user id order) and reads everything its
 * plan depends on after that, the ledger's unique key refuses a second copy and the period
 * totals are increments: batches of one type committing in either order come out the same.
 * One at a time, the busiest type (lessons, 85% of a burst) left both cores a third idle,
 * each batch waiting on its own round trips (benchmark (i), docs/gamification.md "Measured").
 * Every handler of such an event in this service declares it: the smallest value of an
 * event's handlers applies.
 */
export const XP_EVENT_CONCURRENCY = 3;
