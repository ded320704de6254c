import java.nio.file.Files;
import java.nio.file.Paths;

import org.cgsuite.core.impartial.TakeAndBreak;
import org.cgsuite.core.misere.solver.MisereSolver;
import org.cgsuite.core.misere.solver.Pretension;

/**
 * Runs MisereSolver on an octal game up to a heap bound, as grundy's
 * quotient benchmark compares with it:
 * {@code java -cp BUILD Driver CODE MAX_HEAP}.
 *
 * Prints the quotient's order at every heap bound {@code 0..=MAX_HEAP}
 * ({@code orders:}), then the quotient's order and P-portion size, the time from the parsed rules to
 * the answer (the solver's construction and its {@code next()} calls),
 * the time of the {@code next()} calls alone, and the process's peak
 * resident memory (VmHWM, Linux).
 */
public class Driver
{
    public static void main(String[] args) throws Exception
    {
        if (args.length != 2)
        {
            System.err.println("usage: Driver CODE MAX_HEAP (for example 0.07 30)");
            System.exit(2);
        }
        TakeAndBreak rules = TakeAndBreak.apply(args[0]);
        int maxHeap = Integer.parseInt(args[1]);
        // The solver's time runs from the parsed rules, as grundy's runs
        // from the parsed game: its construction is counted (grundy's
        // `MisereQuotient::compute` sets itself up inside its time too).
        long built = System.nanoTime();
        MisereSolver solver = new MisereSolver(rules);
        long start = System.nanoTime();
        StringBuilder orders = new StringBuilder("1");
        while (solver.currentPretension().getPrefn().size() <= maxHeap)
        {
            solver.next();
            orders.append(' ').append(solver.currentPretension().getQuotient().size());
        }
        long end = System.nanoTime();
        double seconds = (end - built) / 1e9;
        double nextSeconds = (end - start) / 1e9;
        Pretension p = solver.currentPretension();
        System.out.println("orders: " + orders);
        System.out.println("order: " + p.getQuotient().size());
        System.out.println("p-portion: " + p.getQuotient().pPortionSize());
        System.out.printf("seconds: %.6f%n", seconds);
        System.out.printf("next-seconds: %.6f%n", nextSeconds);
        System.out.println("peak-kib: " + peakKib());
    }

    /** VmHWM of /proc/self/status in KiB, or -1 where there is none. */
    private static long peakKib()
    {
        try
        {
            for (String line : Files.readAllLines(Paths.get("/proc/self/status")))
            {
                if (line.startsWith("VmHWM:"))
                {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        }
        catch (Exception e)
        {
            // No /proc: say so with -1 below.
        }
        return -1;
    }
}
