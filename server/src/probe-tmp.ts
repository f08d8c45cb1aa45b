import { branches } from '@site/content';
import * as v from '@site/content/src/validation/index.js';
console.log(branches.length, Object.keys(v));
