package org.cgsuite.core.impartial;

/**
 * Stand-in for CGSuite's parsed take-and-break code, which MisereSolver's
 * saved-file loader names; the benchmark never loads a saved file.
 */
public class TBCode
{
    private final String code;

    private TBCode(String code)
    {
        this.code = code;
    }

    /** The code as written. */
    public static TBCode apply(String code)
    {
        return new TBCode(code);
    }

    @Override
    public String toString()
    {
        return code;
    }
}
