import type { DeclarationCategory } from '../vocab/market.ts';
import type { LpaAuthorityType, SubcatchmentNutrient } from './refdata.schema.ts';

/** Columns every stored reference item has. */
export interface RefDataItemBase {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** A project type as the API answers it. */
export interface ProjectType extends RefDataItemBase {
  name: string;
  description: string | null;
  incompatibleWithCurrentService: boolean;
  active: boolean;
}

/** One version of a standard. */
export interface StandardVersion {
  id: string;
  standardId: string;
  version: string;
  /** 'yyyy-MM-dd' */
  effectiveDate: string;
  notes: string | null;
  createdAt: string;
}

/** A standard as the API answers it; lists carry the newest version only, details every version (newest first). */
export interface Standard extends RefDataItemBase {
  name: string;
  description: string | null;
  active: boolean;
  latestVersion: string | null;
  versions?: StandardVersion[];
}

/** A National Character Area. */
export interface Nca extends RefDataItemBase {
  number: number;
  name: string;
  active: boolean;
  /** 'NCA 1 North Northumberland Coastal Plain' */
  label: string;
  /** The NCAs sharing a boundary with this one, by number (details only). */
  neighbours?: NcaNeighbour[];
}

/** A neighbouring NCA (counts at 0.75 in the statutory metric's spatial risk). */
export interface NcaNeighbour {
  id: string;
  number: number;
  name: string;
  label: string;
}

/** A neighbouring LPA (shared boundary, rank 1 = longest). */
export interface LpaNeighbour {
  code: string;
  name: string;
  rank: number;
}

/** A local planning authority; details also list its neighbours. */
export interface Lpa extends RefDataItemBase {
  code: string;
  name: string;
  authorityType: LpaAuthorityType;
  ladCode: string | null;
  current: boolean;
  active: boolean;
  neighbours?: LpaNeighbour[];
}

/** A nutrient-neutrality subcatchment. */
export interface Subcatchment extends RefDataItemBase {
  name: string;
  nutrient: SubcatchmentNutrient;
  designatedSites: string | null;
  lpaCodes: string[];
  active: boolean;
}

/** A declaration. */
export interface Declaration extends RefDataItemBase {
  name: string;
  text: string;
  category: DeclarationCategory;
  isForAgents: boolean;
  isForParticipants: boolean;
  active: boolean;
}
