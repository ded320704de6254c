package org.cgsuite.core.misere.solver;

/**
 * Stand-in for the exception that CGSuite's command-line front end (not
 * built here, it needs Scala) declares and MisereSolver throws when its
 * thread is interrupted.
 */
class TimeoutException extends RuntimeException
{
}
