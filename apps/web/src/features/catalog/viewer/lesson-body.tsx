import type { Lesson } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui';
import { HtmlContent, PdfViewer, TextContent, VideoPlayer } from '../shared/media';

/** A lesson's content in the form its type calls for. */
export function LessonBody({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  if (lesson.content === null) return <Alert tone="info">{t('lessonViewer.locked')}</Alert>;
  switch (lesson.content_type) {
    case 'video':
      return <VideoPlayer url={lesson.content} title={lesson.title} />;
    case 'pdf':
      return <PdfViewer url={lesson.content} title={lesson.title} />;
    case 'html':
      return <HtmlContent html={lesson.content} title={lesson.title} />;
    default:
      return <TextContent text={lesson.content} />;
  }
}
