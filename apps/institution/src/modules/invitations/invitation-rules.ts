/**
 * Whether an admin leaving would leave nobody to run the institution: the last unsuspended
 * admin of a top institution stays; a subsidiary's admin may leave (its ancestors' admins still run it).
 */
export const isLastAdminOfTop = (isTop: boolean, otherActiveAdmins: number): boolean => isTop && otherActiveAdmins === 0;
