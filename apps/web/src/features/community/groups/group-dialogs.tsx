import { communityRoutes, type StudyGroup } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useToast,
} from '../../../ui';
import { emptyGroupForm } from '../forms';
import { GroupForm, groupFormValues } from './group-form';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Group: the caller becomes the creator and lands in the new group's workspace. */
export function CreateGroupDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const detailOrMessage = useDetailOrMessage();
  const create = useRouteMutation(communityRoutes.createGroup, { invalidates: ['community.group.'] });
  return (
    <Dialog open={open} onOpenChange={(next) => (create.reset(), onOpenChange(next))}>
      <DialogContent data-testid="create-group-dialog">
        <DialogHeader>
          <DialogTitle>{t('community.groups.createTitle')}</DialogTitle>
          <DialogDescription>{t('community.groups.createDescription')}</DialogDescription>
        </DialogHeader>
        {open && (
          <GroupForm
            initial={emptyGroupForm}
            mode="create"
            testId="create-group-form"
            serverError={create.isError ? t('community.groups.createFailed', { detail: detailOrMessage(create.error) }) : null}
            onSubmit={(body) =>
              create.mutate(
                { body },
                {
                  onSuccess: (group) => {
                    toast({ title: t('community.groups.created'), tone: 'success' });
                    onOpenChange(false);
                    void navigate(`/community/groups/${group.id}`);
                  },
                },
              )
            }
            footer={
              <DialogFooter>
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={create.isPending} data-testid="create-group-submit">
                  {t('community.groups.createSubmit')}
                </Button>
              </DialogFooter>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The manage form in a dialog (from a card of My Groups); the members panel's Settings tab has the same form. */
export function EditGroupDialog({ group, open, onOpenChange }: DialogProps & { group: StudyGroup }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="edit-group-dialog">
        <DialogHeader>
          <DialogTitle>{t('community.groups.editTitle')}</DialogTitle>
          <DialogDescription>{group.name}</DialogDescription>
        </DialogHeader>
        {open && <ManageGroupForm group={group} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** Saves a group's settings (its creator only; the server keeps max members at least the member count). */
export function ManageGroupForm({ group, onDone, onCancel }: { group: StudyGroup; onDone?: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const update = useRouteMutation(communityRoutes.updateGroup, { invalidates: ['community.group.'] });
  return (
    <GroupForm
      initial={groupFormValues(group)}
      mode="manage"
      testId="manage-group-form"
      serverError={update.isError ? t('community.groups.updateFailed', { detail: detailOrMessage(update.error) }) : null}
      onSubmit={(body) =>
        update.mutate(
          { params: { id: group.id }, body },
          {
            onSuccess: () => {
              toast({ title: t('community.groups.updated'), tone: 'success' });
              onDone?.();
            },
          },
        )
      }
      footer={
        <DialogFooter>
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={update.isPending} data-testid="manage-group-submit">
            {t('community.groups.saveSettings')}
          </Button>
        </DialogFooter>
      }
    />
  );
}

/** Deleting a group asks first; then everything of it is gone. */
export function DeleteGroupConfirm({
  group,
  open,
  onOpenChange,
  onDeleted,
}: DialogProps & { group: Pick<StudyGroup, 'id' | 'name'>; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const remove = useRouteMutation(communityRoutes.deleteGroup, { invalidates: ['community.group.'] });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('community.groups.deleteTitle')}
      description={t('community.groups.deleteConfirm', { name: group.name })}
      confirmLabel={t('community.groups.delete')}
      destructive
      pending={remove.isPending}
      testId="delete-group-confirm"
      onConfirm={() =>
        remove.mutate(
          { params: { id: group.id } },
          {
            onSuccess: () => {
              toast({ title: t('community.groups.deleted'), tone: 'success' });
              onOpenChange(false);
              onDeleted?.();
            },
            onError: (error) => toast({ title: t('community.groups.deleteFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
          },
        )
      }
    />
  );
}

/** Leaving asks first (the creator cannot leave: the creator deletes the group instead). */
export function LeaveGroupConfirm({
  group,
  open,
  onOpenChange,
  onLeft,
}: DialogProps & { group: Pick<StudyGroup, 'id' | 'name'>; onLeft?: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const leave = useRouteMutation(communityRoutes.leaveGroup, { invalidates: ['community.'] });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('community.groups.leaveTitle')}
      description={t('community.groups.leaveConfirm', { name: group.name })}
      confirmLabel={t('community.groups.leave')}
      destructive
      pending={leave.isPending}
      testId="leave-group-confirm"
      onConfirm={() =>
        leave.mutate(
          { params: { id: group.id } },
          {
            onSuccess: (answer) => {
              toast({ title: answer.message, tone: 'success' });
              onOpenChange(false);
              onLeft?.();
            },
            onError: (error) => toast({ title: t('community.groups.leaveFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
          },
        )
      }
    />
  );
}

/** Join Group on a public group that has room; the server refuses a full or private one with its reason. */
export function useJoinGroup() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const join = useRouteMutation(communityRoutes.joinGroup, { invalidates: ['community.'] });
  return {
    pending: join.isPending,
    pendingId: join.isPending ? join.variables.params.id : null,
    join: (id: string, onJoined?: () => void) =>
      join.mutate(
        { params: { id } },
        {
          onSuccess: (answer) => {
            toast({ title: answer.message, tone: 'success' });
            onJoined?.();
          },
          onError: (error) => toast({ title: t('community.groups.joinFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
        },
      ),
  };
}
