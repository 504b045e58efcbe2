/**
 * The assessment feature's public entry. The catalog's course management embeds the authoring
 * pieces (a course's quizzes are edited on its manage screen) and its player shows a learner's
 * standing on each quiz; assessment itself never imports the catalog.
 */
export { AssessmentFacts, KindBadge, useTimeLimitText } from './authoring/assessment-facts';
export { AssessmentPreview } from './authoring/assessment-preview';
export { NumberField } from './authoring/fields';
export { completeDraft, newQuestionDraft, questionBodyFrom } from './authoring/question-draft';
export { QuestionEditor } from './authoring/question-editor';
export { QuestionList } from './authoring/question-list';
export { percentText, type MockTestResults } from './authoring/quiz-figures';
export { QuizFiguresGrid } from './authoring/quiz-figures-grid';
export { AssessmentLockedNote } from './taking/assessment-lock';
export { previewOf } from './taking/quiz-card';
export { GRADE_HISTORY_SHOWN, startButton, takePath } from './taking/quiz-standing';
