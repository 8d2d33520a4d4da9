import { adminAudit, adminAuditCsv } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { paged } from '../../http.ts';
import { serve } from '../../route.ts';
import { adminActionOut } from './serializers.ts';
import { auditCsv, auditLog } from './service.ts';

/** The admin audit log's routes (declared in shared/src/contracts/routes/audit.ts): the list and its CSV. */
export const auditModule: Module = (app, ctx) => {
  serve(app, ctx, adminAudit, async ({ query }) => {
    const { rows, total } = await auditLog(ctx, query);
    return paged(rows.map(adminActionOut), total, query.limit);
  });

  serve(app, ctx, adminAuditCsv, async ({ query, lang, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="admin-audit-${day}.csv"`)
      .send(await auditCsv(ctx, query, lang));
  });
};
