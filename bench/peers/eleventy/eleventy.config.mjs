/**
 * Eleventy's config for the peer benchmark, as Eleventy's JSX docs describe it: TypeScript and
 * JSX through tsx, `11ty.tsx` templates handled like `11ty.js` ones and their element rendered
 * with react-dom/server. Style sheets the components import are not Eleventy's business (no
 * CSS pipeline here, as in the floor's HTML-only output): a loader hook makes them empty modules.
 */
import 'tsx/esm';
import { register } from 'node:module';
import { renderToStaticMarkup } from 'react-dom/server';

register('./css-hook.mjs', import.meta.url);

export default function (eleventyConfig) {
  eleventyConfig.addExtension(['11ty.jsx', '11ty.ts', '11ty.tsx'], {
    key: '11ty.js',
    compile() {
      return async function (data) {
        const content = await this.defaultRenderer(data);
        return '<!doctype html>' + renderToStaticMarkup(content);
      };
    },
  });
  eleventyConfig.setTemplateFormats(['11ty.tsx']);
  eleventyConfig.setQuietMode(true);
}
