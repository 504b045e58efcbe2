/** Shown when identity's event about a user has not arrived (or the user deleted their account). */
export const UNKNOWN_USER_NAME = 'Unknown user';
export const DELETED_USER_NAME = 'Deleted user';
