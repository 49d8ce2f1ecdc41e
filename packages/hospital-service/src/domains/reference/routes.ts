import {
  getNationalityEthnicityOccupation,
  getProvincesCitiesCounties,
  getStreetsVillages,
} from '@patient/contract';
import { businessError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { ETHNICITIES, NATIONALITIES, OCCUPATIONS } from './people.ts';
import { COUNTIES, REGIONS } from './regions.ts';
import { STREETS } from './streets.ts';

/**
 * The region and people enumerations of the hospital's HIS (001 §7 'Region enumerations'). They are
 * anonymous (the profile form needs them before anything is saved) and the same for every hospital of
 * the group; an unknown hospital is the usual '医院不存在'.
 */
export const regionRoutes = [
  route(getProvincesCitiesCounties, async ({ params }, { db }) => {
    await requireHospital(db, params.hospitalId);
    return [...REGIONS];
  }),

  route(getStreetsVillages, async ({ params, query }, { db }) => {
    await requireHospital(db, params.hospitalId);
    if (!COUNTIES.has(query.countyCode)) {
      throw businessError(404, '区县不存在', '未找到该区县，请重新选择省、市、区县');
    }
    return [...(STREETS.get(query.countyCode) ?? [])];
  }),

  route(getNationalityEthnicityOccupation, async ({ params }, { db }) => {
    await requireHospital(db, params.hospitalId);
    return {
      nationalities: [...NATIONALITIES],
      ethnicities: [...ETHNICITIES],
      occupations: [...OCCUPATIONS],
    };
  }),
];
