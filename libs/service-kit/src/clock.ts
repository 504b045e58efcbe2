import { Injectable } from '@nestjs/common';

/** The time every expiry is computed against; tests move it instead of sleeping. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

export const addSeconds = (d: Date, seconds: number): Date => new Date(d.getTime() + seconds * 1000);
export const epochSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
