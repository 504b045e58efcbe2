import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { likePattern, ReadModelUserEntity } from '@lp/service-kit';
import { KnowledgeResourceEntity } from '../../entities/knowledge-resource.entity.js';

/** A resource with its uploader's name (null while identity's event about them has not arrived). */
export type ResourceView = KnowledgeResourceEntity & { uploader?: Pick<ReadModelUserEntity, 'name'> | null };

export type NewResource = Pick<
  KnowledgeResourceEntity,
  'title' | 'description' | 'resourceType' | 'category' | 'tags' | 'storageKey' | 'fileName' | 'mimeType' | 'fileSize' | 'uploadedBy'
>;

/** Data access for `knowledge_resources`; no rules here. */
@Injectable()
export class KnowledgeHubRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<KnowledgeResourceEntity> {
    return (tx ?? this.ds.manager).getRepository(KnowledgeResourceEntity);
  }

  /** Resources with their uploader's name (`k.uploader`). */
  private withUploader(): SelectQueryBuilder<KnowledgeResourceEntity> {
    return this.repo()
      .createQueryBuilder('k')
      .leftJoinAndMapOne('k.uploader', ReadModelUserEntity, 'u', 'u.id = k.uploadedBy')
      .select(['k', 'u.id', 'u.name']);
  }

  /** Newest first; search matches title, description (the stored search_text, trigram index) or a tag. */
  list(f: { category?: string | undefined; search?: string | undefined; limit: number; offset: number }): Promise<ResourceView[]> {
    const qb = this.withUploader();
    if (f.category) qb.andWhere('k.category = :category', { category: f.category });
    if (f.search) {
      qb.andWhere('(k.searchText LIKE lower(:search) OR EXISTS (SELECT 1 FROM unnest(k.tags) t WHERE t ILIKE :search))', {
        search: likePattern(f.search),
      });
    }
    return qb.orderBy('k.createdAt', 'DESC').addOrderBy('k.id').limit(f.limit).offset(f.offset).getMany();
  }

  find(id: string): Promise<ResourceView | null> {
    return this.withUploader().where('k.id = :id', { id }).getOne();
  }

  async insert(tx: EntityManager, r: NewResource, now: Date): Promise<string> {
    const resource = this.repo(tx).create({ ...r, createdAt: now });
    await this.repo(tx).insert(resource);
    return resource.id;
  }

  listForUploader(userId: string): Promise<ResourceView[]> {
    return this.withUploader().where('k.uploadedBy = :userId', { userId }).orderBy('k.createdAt').getMany();
  }
}
