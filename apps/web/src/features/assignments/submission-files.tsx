import { useTranslation } from 'react-i18next';

/** Only web links become anchors: a `javascript:` or other scheme a learner typed stays plain text. */
function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function SubmissionFiles({ files }: { files: readonly string[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-900">{t('assignments.submissions.files')}</h3>
      <ul className="list-inside list-disc space-y-0.5 text-sm" data-testid="submission-files">
        {files.map((file, i) => (
          <li key={`${i}-${file}`} className="break-all">
            {isWebLink(file) ? (
              <a href={file} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                {file}
              </a>
            ) : (
              file
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
