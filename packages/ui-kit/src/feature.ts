import type { ComponentType } from 'react';

/** What the shell needs to know about a screen. */
export interface RouteMeta {
  /** Chinese page title; becomes document.title. */
  title: string;
  /** Keep the screen's state (form input, scroll lists) when the patient comes back to it. */
  keepAlive?: boolean;
  /** Fetch the user's contacts before the screen is entered (000 §6, 001 §2). */
  loadsPatients?: boolean;
  /**
   * What the screen says when what it needs first (the contacts) did not load; default `<title>加载失败`,
   * e.g. '预约记录加载失败'. Name what the patient came for, not an internal step.
   */
  loadError?: string;
}

/** One route a feature contributes: its path pattern, its lazily loaded page and its meta. */
export interface FeatureRoute {
  /** react-router pattern, e.g. '/contactDetail/:contactId'. */
  path: string;
  /** Loads the page module; every page is its own chunk. */
  page: () => Promise<{ default: ComponentType }>;
  meta: RouteMeta;
}

/** A feature package's contribution to an app. */
export interface Feature {
  /** Area name, e.g. 'patients'. */
  name: string;
  routes: FeatureRoute[];
}

/** Declares a feature (identity function for type inference). */
export const defineFeature = (feature: Feature): Feature => feature;
