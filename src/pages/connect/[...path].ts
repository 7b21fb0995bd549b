// Answered by the router of every call (src/server/routes/route-table.ts).
export { ALL } from '~/server/routes/astro-endpoint';
