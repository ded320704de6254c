package org.cgsuite.core.impartial;

import java.util.ArrayList;
import java.util.List;

/**
 * Stand-in for CGSuite's take-and-break rules, written for the benchmark:
 * an octal code {@code 0.d1d2d3...}, where digit {@code dk} says what may be
 * left after removing {@code k} tokens (bit 1: nothing, the whole heap
 * taken; bit 2: one heap; bit 4: two heaps).
 */
public class TakeAndBreak extends HeapRuleset
{
    private final String code;
    private final int[] digits;

    private TakeAndBreak(String code)
    {
        if (!code.startsWith("0.") || code.length() < 3)
        {
            throw new IllegalArgumentException("an octal code 0.d1d2..., not " + code);
        }
        this.code = code;
        digits = new int[code.length() - 2];
        for (int k = 0; k < digits.length; k++)
        {
            int d = code.charAt(k + 2) - '0';
            if (d < 0 || d > 7)
            {
                throw new IllegalArgumentException("octal digits only: " + code);
            }
            digits[k] = d;
        }
    }

    /** The rules of an octal code such as {@code 0.77}. */
    public static TakeAndBreak apply(String code)
    {
        return new TakeAndBreak(code);
    }

    @Override
    public List<int[]> options(int heap)
    {
        List<int[]> out = new ArrayList<int[]>();
        for (int k = 1; k <= digits.length && k <= heap; k++)
        {
            int d = digits[k - 1];
            int rest = heap - k;
            if ((d & 1) != 0 && rest == 0)
            {
                out.add(new int[0]);
            }
            if ((d & 2) != 0 && rest > 0)
            {
                out.add(new int[] { rest });
            }
            if ((d & 4) != 0)
            {
                for (int a = 1; 2 * a <= rest; a++)
                {
                    out.add(new int[] { a, rest - a });
                }
            }
        }
        return out;
    }

    @Override
    public String toString()
    {
        return code;
    }
}
