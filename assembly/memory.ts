// Linear-memory regions are allocated once by the host at engine load (stub
// runtime: nothing is ever freed, so nothing may be allocated per event).
export function alloc(size: i32): usize {
  return heap.alloc(<usize>size);
}
