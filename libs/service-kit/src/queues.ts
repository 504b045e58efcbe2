/** BullMQ key prefix: `lp`, plus the run's bus prefix so test runs never share queues. */
export function queuePrefix(busPrefix: string): string {
  const scope = busPrefix.replace(/\.$/, '');
  return scope ? `lp:${scope}` : 'lp';
}
