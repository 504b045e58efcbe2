import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  KNOWLEDGE_SIZE_LIMITS_BYTES,
  type FileRef,
  type KnowledgeResourceSchema,
  type KnowledgeResourceType,
  catalogRoutes,
  type RouteInput,
} from '@lp/contracts';
import { UnitOfWork, Clock, Handles, currentCaller, iso } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import type { MediaKind } from '../../common/media-type.util.js';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import { Uploads } from '../../common/uploads.js';
import { KnowledgeHubRepository, type ResourceView } from './knowledge-hub.repository.js';

type R = typeof catalogRoutes;

type Resource = z.infer<typeof KnowledgeResourceSchema>;

/** What a resource's file must be, and how it is named in messages. */
const FILE_RULES: Record<KnowledgeResourceType, { kind: MediaKind; label: string; required: boolean }> = {
  pdf: { kind: 'pdf', label: 'PDF', required: true },
  video: { kind: 'video', label: 'Video', required: true },
  podcast: { kind: 'audio', label: 'Podcast', required: true },
  article: { kind: 'document', label: 'Article', required: false },
};

export const resourceFileUrl = (id: string): string => `/api/knowledge-hub/resources/${id}/file`;

const toResource = (r: ResourceView): Resource => ({
  id: r.id,
  title: r.title,
  description: r.description,
  resource_type: r.resourceType,
  category: r.category,
  tags: r.tags,
  file_path: r.storageKey ? resourceFileUrl(r.id) : null,
  file_name: r.fileName,
  file_size: r.fileSize,
  mime_type: r.mimeType,
  uploaded_by: r.uploadedBy,
  uploader_name: r.uploader?.name ?? UNKNOWN_USER_NAME,
  created_at: iso(r.createdAt),
});

/** The knowledge hub: resources any signed-in user may upload and browse. */
@Injectable()
export class KnowledgeHubService {
  constructor(
    @Inject(KnowledgeHubRepository) private readonly resources: KnowledgeHubRepository,
    @Inject(Uploads) private readonly uploads: Uploads,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(catalogRoutes.listResources)
  async list({ query }: RouteInput<R['listResources']>): Promise<Resource[]> {
    return (await this.resources.list(query)).map(toResource);
  }

  /** A file is required except for an article; its kind and size are checked; a refused file is removed. */
  @Handles(catalogRoutes.createResource)
  async create({ body: input }: RouteInput<R['createResource']>): Promise<Resource> {
    const caller = currentCaller();
    return this.uploads.keepOnlyIfAccepted(input.file, async () => {
      const rule = FILE_RULES[input.resource_type];
      let size: number | null = null;
      if (input.file) size = await this.uploads.check(input.file, rule.kind, KNOWLEDGE_SIZE_LIMITS_BYTES[input.resource_type], rule.label);
      else if (rule.required) throw catalogErrors.fieldRequired('file', 'Choose a file to upload');
      const id = await this.uow.run((tx) =>
        this.resources.insert(
          tx,
          {
            title: input.title,
            description: input.description,
            resourceType: input.resource_type,
            category: input.category,
            tags: input.tags,
            storageKey: input.file?.storage_key ?? null,
            fileName: input.file?.filename ?? null,
            mimeType: input.file?.content_type ?? null,
            fileSize: size,
            uploadedBy: caller.userId,
          },
          this.clock.now(),
        ),
      );
      return toResource((await this.resources.find(id))!);
    });
  }

  @Handles(catalogRoutes.resourceFile)
  async file({ params }: RouteInput<R['resourceFile']>): Promise<FileRef> {
    const r = await this.resources.find(params.id);
    if (!r) throw catalogErrors.resourceNotFound();
    if (!r.storageKey) throw catalogErrors.fileNotFound();
    return { storage_key: r.storageKey, filename: r.fileName ?? r.title, content_type: r.mimeType ?? 'application/octet-stream' };
  }
}
