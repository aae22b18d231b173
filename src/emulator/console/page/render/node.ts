// What a render function gives: a Preact vnode of any element (`VNode<{}>` would refuse most of them).
import type { JSX } from 'preact';

export type Node = JSX.Element;
