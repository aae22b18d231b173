// The mark before an emulator command's confirmation: src/output/marks.ts's, in the command's output style.
import type { Context } from '../../context.js';
import { doneMark } from '../../../output/marks.js';

export const checkMark = (ctx: Context) => doneMark(ctx.out.style);
