import { theme } from 'antd';

/** The console's brand colour: the one raw colour in its code (lint refuses others). */
export const BRAND = '#d4380d';

/**
 * The console's design tokens: antd's, seeded with the brand (what ConfigProvider gives its
 * components). Every colour the console's own code uses comes from here: text, fills, status and
 * the preset hues the charts draw in.
 */
export const palette = theme.getDesignToken({ token: { colorPrimary: BRAND } });
