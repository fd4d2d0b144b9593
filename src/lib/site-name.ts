/** The product's name, alone in a module: browser code that needs it does not ship the whole site config. */
export const SITE_NAME = 'PanelRank';
