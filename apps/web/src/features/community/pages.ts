/** The community's screens, loaded together as one chunk the first time a route shows one of them. */
export { CommunityPage } from './community-page';
export { InvitationPage } from './invitation/invitation-page';
export { GroupWorkspacePage } from './workspace/group-workspace-page';
