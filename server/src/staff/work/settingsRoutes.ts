// The staff settings (STAFF_API.settings): every signed-in account reads them, an administrator changes them.
import type { FastifyRequest } from 'fastify';
import { STAFF_API } from '@site/contracts/staff-api';
import { staffSettingsSchema, type StaffSettings } from '@site/contracts/staff-api-schemas';
import type { Database } from '../../platform/db/index.js';
import type { ContractsApp } from '../../platform/http/contracts.js';
import { requireJson, WORK_BODY_LIMIT } from './bodies.js';
import { staffOf } from './callers.js';
import { forbidden } from './errors.js';
import { readSettings, writeSettings } from './settingsStore.js';

const settingsAdminOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  if (staff.role !== 'admin') throw forbidden('Only an administrator can change the settings.');
  return staff;
};

export function settingsRoutes(app: ContractsApp, db: Database): void {
  app.get(STAFF_API.settings, async (request): Promise<StaffSettings> => {
    staffOf(request);
    return readSettings(db.kysely);
  });

  app.put(
    STAFF_API.settings,
    {
      bodyLimit: WORK_BODY_LIMIT,
      preValidation: [requireJson, async (request) => void settingsAdminOf(request)],
      schema: { body: staffSettingsSchema },
    },
    async (request): Promise<StaffSettings> => writeSettings(db, settingsAdminOf(request), request.body),
  );
}
