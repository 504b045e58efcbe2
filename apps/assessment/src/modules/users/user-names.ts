/** Shown when identity's event about a user has not arrived yet. */
export const UNKNOWN_USER_NAME = 'Unknown user';
/** Shown once a user asked for deletion: their name and e-mail are forgotten. */
export const DELETED_USER_NAME = 'Deleted user';
