/** The global Q&A forum's screens, loaded together as one chunk the first time a route shows one of them. */
export { QaListPage } from './qa-list-page';
export { QaQuestionPage } from './qa-question-page';
