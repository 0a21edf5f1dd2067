import { z } from 'zod';

// The pages run under a CSP without 'unsafe-eval'; zod's JIT would probe `new Function`.
z.config({ jitless: true });
