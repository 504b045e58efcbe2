import { z } from 'zod';

/** Every entity id is a UUID; a malformed one is a 400 before any service is asked. */
export const IdSchema = z.uuid({ error: 'Must be a valid id' });
export const IdParams = z.object({ id: IdSchema });
export const MessageResponse = z.object({ message: z.string() });
export const IsoDate = z.string();
