import {
  GROUP_MAX_MEMBERS,
  GROUP_PRIVACY,
  STUDY_GROUP_CATEGORIES,
  STUDY_GROUP_CATEGORY_LABELS,
  type GroupPrivacy,
  type StudyGroupCategory,
} from '@lp/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, FormField, Input, Select, Textarea } from '../../../ui';
import { validateGroupForm, type GroupBody, type GroupFormValues } from '../forms';

interface GroupFormProps {
  initial: GroupFormValues;
  /** create says 'Please fill in all fields', the manage form 'Please fill in all required fields' */
  mode: 'create' | 'manage';
  onSubmit: (body: GroupBody) => void;
  /** the server's refusal, already worded */
  serverError?: string | null;
  /** the buttons (submit included), inside the form */
  footer: ReactNode;
  testId: string;
}

/** The study group's fields: name, description, category, max members (5-100, default 50), privacy. */
export function GroupForm({ initial, mode, onSubmit, serverError, footer, testId }: GroupFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<GroupFormValues>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof GroupFormValues>(key: K, value: GroupFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateGroupForm(values, mode);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    onSubmit(checked.body);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={testId}>
      <FormField label={t('community.groupForm.name')}>
        {(field) => (
          <Input
            {...field}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={120}
            required
            data-testid="group-form-name"
          />
        )}
      </FormField>
      <FormField label={t('community.groupForm.description')}>
        {(field) => (
          <Textarea
            {...field}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={2000}
            rows={3}
            required
            data-testid="group-form-description"
          />
        )}
      </FormField>
      <FormField label={t('community.groupForm.category')}>
        {(field) => (
          <Select
            {...field}
            value={values.category}
            onChange={(e) => set('category', e.target.value as StudyGroupCategory | '')}
            required
            data-testid="group-form-category"
          >
            <option value="">{t('community.groupForm.chooseCategory')}</option>
            {STUDY_GROUP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {STUDY_GROUP_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('community.groupForm.maxMembers')} hint={t('community.groupForm.maxMembersHint', GROUP_MAX_MEMBERS)}>
          {(field) => (
            <Input
              {...field}
              type="number"
              min={GROUP_MAX_MEMBERS.min}
              max={GROUP_MAX_MEMBERS.max}
              step={1}
              inputMode="numeric"
              value={values.max_members}
              onChange={(e) => set('max_members', e.target.value)}
              data-testid="group-form-max-members"
            />
          )}
        </FormField>
        <FormField label={t('community.groupForm.privacy')}>
          {(field) => (
            <Select
              {...field}
              value={values.privacy}
              onChange={(e) => set('privacy', e.target.value as GroupPrivacy)}
              data-testid="group-form-privacy"
            >
              {GROUP_PRIVACY.map((p) => (
                <option key={p} value={p}>
                  {t(`community.privacy.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {error && (
        <Alert tone="error" data-testid="group-form-error">
          {error}
        </Alert>
      )}
      {!error && serverError && (
        <Alert tone="error" data-testid="group-form-server-error">
          {serverError}
        </Alert>
      )}
      {footer}
    </form>
  );
}

/** A group's current settings as the form's values. */
export function groupFormValues(group: {
  name: string;
  description: string;
  category: StudyGroupCategory;
  max_members: number;
  privacy: GroupPrivacy;
}): GroupFormValues {
  return {
    name: group.name,
    description: group.description,
    category: group.category,
    max_members: String(group.max_members),
    privacy: group.privacy,
  };
}
