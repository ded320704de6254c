package org.cgsuite.core.impartial;

import java.util.List;

/**
 * Stand-in for CGSuite's Scala trait of the same name: the rules of a heap
 * game, as the options of each heap size. MisereSolver asks nothing else of
 * it (the build script points its {@code heapOptions} at {@link #options}).
 */
public abstract class HeapRuleset
{
    /** The options of a heap of {@code heap} tokens, each the heaps it leaves. */
    public abstract List<int[]> options(int heap);
}
