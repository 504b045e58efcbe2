/**
 * The most people one internal call takes at once: a bulk import's batch travels in this size
 * from the worker to identity (accounts), institution (members) and catalog (enrollments).
 * Larger batches cost fewer round trips and statements per person; a batch must also fit a
 * NATS message (1 MiB), which BULK_IMPORT_BATCH_BYTES bounds for long e-mails and names.
 */
export const BULK_IMPORT_BATCH_MAX = 2000;
/** what a batch's e-mails and names may weigh on the bus (the worker cuts a batch earlier when they would weigh more) */
export const BULK_IMPORT_BATCH_BYTES = 512 * 1024;
