// Runs before the app's modules (a deferred classic script comes before the deferred module script).
// Zod builds each object schema with a fast path compiled by `new Function` after probing that eval works;
// the Content-Security-Policy forbids eval (no 'unsafe-eval'), so that probe is reported as a violation on
// every page. Zod keeps its settings on `globalThis.__zod_globalConfig` (zod/v4/core/core.js): switching
// the compiled path off there, before any schema exists, stops the probe. Parsing stays the same, a little
// slower on large objects, which a form does not notice.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
