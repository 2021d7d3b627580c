/** The galaxy's constants (spec document 3 §9). Layout constants live in @domain/galaxy-layout. */
export const CAMERA_DISTANCE = 8_000;
export const FIELD_OF_VIEW = 60;
export const ZOOM_MIN = 100;
export const ZOOM_MAX = 20_000;
/** Stars within this distance of the centre are drawn as full stars; farther ones as points. */
export const FULL_STAR_RADIUS = 10_000;
export const MAX_LABELS = 150;
/** Labels are shown only for stars within this distance of the camera. */
export const LABEL_DISTANCE = 21_000;
/** Star size 1.5 to 4, scaled by the node's size (0..1). */
export const STAR_SIZE_MIN = 1.5;
export const STAR_SIZE_MAX = 4;
/** Choosing a suggestion places the camera this far above and behind the star. */
export const FOCUS_ABOVE = 200;
export const FOCUS_BEHIND = 800;
export const FLIGHT_MS = 1_200;
/** The knowledge graph's edge weight, fixed on the client (spec §3); edges are drawn this opaque. */
export const EDGE_WEIGHT = 0.2;
/** The initial view looks down on the disc from this angle above its plane (radians). */
export const INITIAL_TILT = 0.6;

export const GALAXY_TEXT = {
  loading: 'Loading Galaxy...',
  failed: 'Failed to load galaxy data. Please try again later.',
  search: 'Search concept...',
  legend: 'Mastery Levels',
} as const;
