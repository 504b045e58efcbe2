import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Params, likePattern, queryOne, queryRows, type Db } from '@lp/service-kit';

export interface ResourceRow {
  id: string;
  title: string;
  description: string;
  resource_type: 'pdf' | 'article' | 'podcast' | 'video';
  category: 'programming' | 'business' | 'science' | 'language' | 'exam-prep';
  tags: string[];
  storage_key: string | null;
  file_name: string | null;
  mime_type: string | null;
  file_size: number | null;
  uploaded_by: string;
  created_at: Date;
  uploader_name: string | null;
}

const SELECT = 'SELECT k.*, u.name AS uploader_name FROM knowledge_resources k LEFT JOIN users u ON u.id = k.uploaded_by';

/** Data access for `knowledge_resources`; no rules here. */
@Injectable()
export class KnowledgeHubRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Newest first; search matches title, description (trigram index) or a tag. */
  list(f: { category?: string | undefined; search?: string | undefined; limit: number; offset: number }): Promise<ResourceRow[]> {
    const p = new Params();
    const where: string[] = [];
    if (f.category) where.push(`k.category = $${p.add(f.category)}`);
    if (f.search) {
      const n = p.add(likePattern(f.search));
      where.push(`(k.search_text LIKE lower($${n}) OR EXISTS (SELECT 1 FROM unnest(k.tags) t WHERE t ILIKE $${n}))`);
    }
    const sql = `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY k.created_at DESC, k.id LIMIT $${p.add(f.limit)} OFFSET $${p.add(f.offset)}`;
    return queryRows<ResourceRow>(this.ds, sql, p.values);
  }

  find(id: string, db: Db = this.ds): Promise<ResourceRow | null> {
    return queryOne<ResourceRow>(db, `${SELECT} WHERE k.id = $1`, [id]);
  }

  async insert(
    db: Db,
    r: {
      title: string;
      description: string;
      resourceType: string;
      category: string;
      tags: string[];
      storageKey: string | null;
      fileName: string | null;
      mimeType: string | null;
      fileSize: number | null;
      uploadedBy: string;
    },
    now: Date,
  ): Promise<string> {
    const row = await queryOne<{ id: string }>(
      db,
      `INSERT INTO knowledge_resources (title, description, resource_type, category, tags, storage_key, file_name, mime_type, file_size, uploaded_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [r.title, r.description, r.resourceType, r.category, r.tags, r.storageKey, r.fileName, r.mimeType, r.fileSize, r.uploadedBy, now],
    );
    return row!.id;
  }

  listForUploader(userId: string): Promise<ResourceRow[]> {
    return queryRows<ResourceRow>(this.ds, `${SELECT} WHERE k.uploaded_by = $1 ORDER BY k.created_at`, [userId]);
  }
}
