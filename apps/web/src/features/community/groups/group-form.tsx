import { GROUP_MAX_MEMBERS, GROUP_PRIVACY, STUDY_GROUP_CATEGORIES, STUDY_GROUP_CATEGORY_LABELS, type StudyGroup } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '../../../i18n/validation-text';
import { FormField, Input, Select, Textarea } from '../../../ui';
import { FormErrorAlert, useContractForm, type ContractForm } from '../../../ui/form';
import { formProblem, GROUP_FORM_FIELDS, GroupFormSchema, type GroupBody, type GroupFormValues } from '../forms';

type GroupFormState = ContractForm<GroupFormValues, GroupBody>;

/**
 * The study group form's state: the contract's rules, and its one alert's text (a blank required
 * field: create says 'Please fill in all fields', the manage form 'Please fill in all required fields').
 */
export function useGroupForm(initial: GroupFormValues, mode: 'create' | 'manage'): { form: GroupFormState; error: string | undefined } {
  const { t } = useTranslation();
  const vt = useValidationText();
  const form = useContractForm(GroupFormSchema, { defaultValues: initial });
  const problem = formProblem(GROUP_FORM_FIELDS, form.getValues(), form.formState.errors);
  const error =
    problem?.kind === 'missing' ? t(mode === 'create' ? 'community.forms.fillAll' : 'community.forms.fillRequired') : vt(problem?.message);
  return { form, error };
}

/** The alert under the fields: the form's own check first, else the server's refusal. */
export function GroupFormAlert({ error, serverError }: { error: string | undefined; serverError: string | null }) {
  if (!error && !serverError) return null;
  return <FormErrorAlert testId={error ? 'group-form-error' : 'group-form-server-error'}>{error ?? serverError}</FormErrorAlert>;
}

/** The study group's fields: name, description, category, max members (5-100, default 50), privacy. */
export function GroupFields({ form }: { form: GroupFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('community.groupForm.name')}>
        {(field) => <Input {...field} {...form.register('name')} maxLength={120} required data-testid="group-form-name" />}
      </FormField>
      <FormField label={t('community.groupForm.description')}>
        {(field) => (
          <Textarea {...field} {...form.register('description')} maxLength={2000} rows={3} required data-testid="group-form-description" />
        )}
      </FormField>
      <FormField label={t('community.groupForm.category')}>
        {(field) => (
          <Select {...field} {...form.register('category')} required data-testid="group-form-category">
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
              {...form.register('max_members')}
              data-testid="group-form-max-members"
            />
          )}
        </FormField>
        <FormField label={t('community.groupForm.privacy')}>
          {(field) => (
            <Select {...field} {...form.register('privacy')} data-testid="group-form-privacy">
              {GROUP_PRIVACY.map((p) => (
                <option key={p} value={p}>
                  {t(`community.privacy.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
    </>
  );
}

/** A group's current settings as the form's values. */
export function groupFormValues(group: Pick<StudyGroup, 'name' | 'description' | 'category' | 'max_members' | 'privacy'>): GroupFormValues {
  return {
    name: group.name,
    description: group.description,
    category: group.category,
    max_members: String(group.max_members),
    privacy: group.privacy,
  };
}
