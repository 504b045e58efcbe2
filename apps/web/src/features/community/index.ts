/** The community feature's public entry: what the Q&A screens share with the forum (a question's card, text helpers, the forms' rules, the live feed, server reasons). */
export { preview, sortAnswers } from './format';
export { AnswerFormSchema, ASK_FORM_FIELDS, AskFormSchema, DirectMessageFormSchema, formProblem } from './forms';
export { QuestionCard } from './forum/question-card';
export { liveFeedPath, useLiveFeed } from './live';
export { ServerReason } from './server-reason';
