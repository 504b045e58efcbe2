/** The assessment screens (authoring and taking), loaded together as one chunk the first time a route shows one of them. */
export { ExamCreatePage } from './authoring/exam-create-page';
export { QuizBuilderPage } from './authoring/quiz-builder-page';
export { QuizCreatePage } from './authoring/quiz-create-page';
export { QuizPreviewPage } from './authoring/quiz-preview-page';
export { LearningProgressPage } from './taking/learning-progress-page';
export { QuizCentrePage } from './taking/quiz-centre-page';
export { QuizInfoPage } from './taking/quiz-info-page';
export { QuizReviewPage } from './taking/quiz-review-page';
export { TakeQuizPage } from './taking/take-quiz-page';
export { TestSessionPage } from './taking/test-session-page';
