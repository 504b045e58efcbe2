/** The mentoring feature's public entry: what the mentor's own screens reuse from the learner's. */
export { CancelSessionDialog } from './cancel-session-dialog';
export { statusTone } from './logic';
