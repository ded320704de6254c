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
 * Prints one line per heap bound ({@code heap N order Q}), then the
 * quotient's order and P-portion size, the time spent in {@code next()}
 * and the process's peak resident memory (VmHWM, Linux).
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
        MisereSolver solver = new MisereSolver(rules);
        long start = System.nanoTime();
        StringBuilder orders = new StringBuilder("1");
        while (solver.currentPretension().getPrefn().size() <= maxHeap)
        {
            solver.next();
            orders.append(' ').append(solver.currentPretension().getQuotient().size());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Pretension p = solver.currentPretension();
        System.out.println("orders: " + orders);
        System.out.println("order: " + p.getQuotient().size());
        System.out.println("p-portion: " + p.getQuotient().pPortionSize());
        System.out.printf("seconds: %.3f%n", seconds);
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
