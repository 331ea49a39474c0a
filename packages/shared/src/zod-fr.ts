import { z } from 'zod';

// French defaults for every message a schema does not set itself.
z.config(z.locales.fr());
