import { Inject, Injectable } from '@nestjs/common';
import { communityRoutes, GROUP_FILE_MAX_BYTES, type FileRef, type GroupFile, type RouteInput, type UploadedFile } from '@lp/contracts';
import type { FileStore } from '@lp/storage';
import { Clock, ENV, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { CommunityEnv } from '../../config/community-env.js';
import { FILE_STORE } from '../groups/file-store.js';
import { GroupAccess } from '../groups/group-access.js';
import { groupErrors } from '../groups/group-errors.js';
import { People } from '../groups/people.js';
import { toFile } from './workspace.mappers.js';
import { WorkspaceRepository } from './workspace.repository.js';

type R = typeof communityRoutes;

/**
 * A group's files: any type, at most GROUP_FILE_MAX_BYTES (measured on the stored file, not
 * taken from the form), uploaded by members who are not suspended, downloaded by members.
 * The gateway stored the upload before asking; a refused upload is removed here.
 */
@Injectable()
export class FilesService {
  constructor(
    @Inject(WorkspaceRepository) private readonly workspace: WorkspaceRepository,
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(People) private readonly people: People,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CommunityEnv,
  ) {}

  @Handles(communityRoutes.groupFiles)
  async list({ params }: RouteInput<R['groupFiles']>): Promise<GroupFile[]> {
    await this.access.reader(params.id, currentCaller());
    const rows = await this.workspace.files(params.id, this.env.ITEM_LIST_LIMIT);
    const names = await this.people.names(rows.map((f) => f.uploaderId));
    return rows.map((f) => toFile(f, names(f.uploaderId)));
  }

  @Handles(communityRoutes.uploadGroupFile)
  async upload({ params, body }: RouteInput<R['uploadGroupFile']>): Promise<GroupFile> {
    const caller = currentCaller();
    try {
      await this.access.poster(params.id, caller);
      const size = await this.measure(body.file);
      const file = await this.uow.run(async (tx) => {
        // the membership again inside the transaction: a removal meanwhile refuses the file
        await this.access.poster(params.id, caller, tx);
        return this.workspace.insertFile(
          tx,
          {
            groupId: params.id,
            uploaderId: caller.userId,
            filename: body.file.filename.slice(0, 1000) || 'file',
            storageKey: body.file.storage_key,
            contentType: body.file.content_type || 'application/octet-stream',
            size,
          },
          this.clock.now(),
        );
      });
      return toFile(file, await this.people.name(caller.userId));
    } catch (e) {
      await this.store.remove(body.file.storage_key).catch(() => undefined);
      throw e;
    }
  }

  @Handles(communityRoutes.downloadGroupFile)
  async download({ params }: RouteInput<R['downloadGroupFile']>): Promise<FileRef> {
    await this.access.reader(params.id, currentCaller());
    const f = await this.workspace.file(params.id, params.fileId);
    if (!f) throw groupErrors.fileNotFound();
    return { storage_key: f.storageKey, filename: f.filename, content_type: f.contentType };
  }

  /** The stored file's real size; 413 FILE_TOO_LARGE beyond the limit. */
  private async measure(ref: UploadedFile): Promise<number> {
    let size: number;
    try {
      const opened = await this.store.open(ref.storage_key);
      size = opened.size;
      (opened.stream as { destroy?: () => void }).destroy?.();
    } catch {
      throw groupErrors.uploadMissing();
    }
    if (size > GROUP_FILE_MAX_BYTES) throw groupErrors.fileTooLarge();
    if (size === 0) throw groupErrors.emptyFile();
    return size;
  }
}
