import { z } from 'zod';
import { ROLES } from '../roles.ts';

export const ZRole = z.enum(ROLES);
