// Two small queues for the delivery timetable: a FIFO with O(1) shift, and a binary min-heap.

export class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Inserts keeping `order` (ascending); O(1) when the item goes last, as new items do. */
  insertSorted(item: T, order: (a: T, b: T) => number): void {
    const last = this.items[this.items.length - 1];
    if (this.size === 0 || order(last as T, item) <= 0) {
      this.items.push(item);
      return;
    }
    let low = this.head;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(this.items[middle] as T, item) <= 0) low = middle + 1;
      else high = middle;
    }
    this.items.splice(low, 0, item);
  }
}

export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly order: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let child = items.length - 1;
    while (child > 0) {
      const parent = (child - 1) >>> 1;
      if (this.order(items[parent] as T, items[child] as T) <= 0) break;
      [items[parent], items[child]] = [items[child] as T, items[parent] as T];
      child = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let parent = 0;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < items.length && this.order(items[left] as T, items[smallest] as T) < 0) smallest = left;
      if (right < items.length && this.order(items[right] as T, items[smallest] as T) < 0) smallest = right;
      if (smallest === parent) return top;
      [items[parent], items[smallest]] = [items[smallest] as T, items[parent] as T];
      parent = smallest;
    }
  }
}
