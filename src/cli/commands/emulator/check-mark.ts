// The mark before an emulator command's confirmation.
import type { Context } from '../../context.js';

export const checkMark = (ctx: Context) => ctx.out.style.green('✓');
