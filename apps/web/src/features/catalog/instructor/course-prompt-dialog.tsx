import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Input } from '../../../ui';
import { useInstructorCourses } from '../shared/catalog-queries';

interface CoursePromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (courseId: string) => void;
}

/**
 * Spec 2.12: the bulk upload asks for the course id through a prompt. This is that
 * prompt as a dialog: a course id field, with the caller's courses offered as suggestions.
 */
export function CoursePromptDialog({ open, onOpenChange, onConfirm }: CoursePromptDialogProps) {
  const { t } = useTranslation();
  const courses = useInstructorCourses(open);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setValue('');
      setProblem(undefined);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim();
    if (!id) {
      setProblem(t('instructorDashboard.library.courseIdRequired'));
      return;
    }
    onConfirm(id);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="course-id-prompt">
        <DialogHeader>
          <DialogTitle>{t('instructorDashboard.library.promptTitle')}</DialogTitle>
          <DialogDescription>{t('instructorDashboard.library.promptText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('instructorDashboard.library.courseId')} error={problem}>
            {(field) => (
              <Input
                {...field}
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setProblem(undefined);
                }}
                list="bulk-course-suggestions"
                autoComplete="off"
                spellCheck={false}
                data-testid="course-id-input"
              />
            )}
          </FormField>
          <datalist id="bulk-course-suggestions">
            {(courses.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </datalist>
          {courses.data && courses.data.length > 0 && (
            <div className="space-y-1">
              <p className="text-xs font-medium text-slate-700">{t('instructorDashboard.library.yourCourses')}</p>
              <ul className="flex flex-wrap gap-2">
                {courses.data.map((c) => (
                  <li key={c.id}>
                    <Button size="sm" variant={value === c.id ? 'primary' : 'outline'} onClick={() => setValue(c.id)} aria-pressed={value === c.id}>
                      {c.title}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" data-testid="course-id-confirm">
              {t('instructorDashboard.library.promptConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
