import { Inject, Injectable } from '@nestjs/common';
import type { Course } from '@lp/contracts';
import { ENV } from '@lp/service-kit';
import type { CatalogEnv } from '../../config/catalog-env.js';

const MAX_ENTRIES = 1000;

/**
 * A micro-cache of browse pages (GET /courses) for callers who cannot have drafts (every
 * role but instructor and institution): the same page for everyone with the same filters.
 * Entries live COURSE_LIST_CACHE_MS (0 turns the cache off); any course, lesson, content,
 * enrollment or review write of this replica empties it, other replicas' writes show
 * within the TTL.
 */
@Injectable()
export class CourseListCache {
  private readonly entries = new Map<string, { until: number; value: Course[] }>();
  private readonly ttlMs: number;

  constructor(@Inject(ENV) env: CatalogEnv) {
    this.ttlMs = env.COURSE_LIST_CACHE_MS;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): Course[] | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.until < Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return hit.value;
  }

  set(key: string, value: Course[]): void {
    if (!this.enabled) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { until: Date.now() + this.ttlMs, value });
  }

  invalidate(): void {
    this.entries.clear();
  }
}
