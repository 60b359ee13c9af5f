// WekaFolds prints, for an ARFF file (class = last attribute), the class
// code of every row and, for each seed given, the test fold Weka 3.6 gives
// every row in k-fold cross-validation: data.randomize(new Random(seed)),
// data.stratify(k), fold i = data.testCV(k, i), as
// Evaluation.crossValidateModel and the Experimenter do; then, per fold,
// the rows of data.trainCV(k, i, random) in the order Weka hands them to
// the classifier (the same Random, folds in turn).
//
//   javac -cp /usr/share/java/weka.jar WekaFolds.java
//   java -cp /usr/share/java/weka.jar:. WekaFolds FILE.arff K SEED...
import java.io.FileReader;
import java.util.Random;
import weka.core.Attribute;
import weka.core.FastVector;
import weka.core.Instance;
import weka.core.Instances;

public class WekaFolds {
  public static void main(String[] args) throws Exception {
    Instances data = new Instances(new FileReader(args[0]));
    data.setClassIndex(data.numAttributes() - 1);
    int k = Integer.parseInt(args[1]);
    // Keep each row's position in an extra attribute.
    data.insertAttributeAt(new Attribute("row"), 0);
    StringBuilder labels = new StringBuilder("labels");
    for (int i = 0; i < data.numInstances(); i++) {
      data.instance(i).setValue(0, i);
      labels.append(' ').append((int) data.instance(i).classValue());
    }
    System.out.println(labels);
    for (int s = 2; s < args.length; s++) {
      long seed = Long.parseLong(args[s]);
      Instances copy = new Instances(data);
      Random random = new Random(seed);
      copy.randomize(random);
      copy.stratify(k);
      int[] fold = new int[copy.numInstances()];
      for (int f = 0; f < k; f++) {
        Instances test = copy.testCV(k, f);
        for (int i = 0; i < test.numInstances(); i++) fold[(int) test.instance(i).value(0)] = f;
      }
      StringBuilder b = new StringBuilder("seed " + seed);
      for (int f : fold) b.append(' ').append(f);
      System.out.println(b);
      for (int f = 0; f < k; f++) {
        Instances train = copy.trainCV(k, f, random);
        StringBuilder t = new StringBuilder("train " + seed + " " + f);
        for (int i = 0; i < train.numInstances(); i++) t.append(' ').append((int) train.instance(i).value(0));
        System.out.println(t);
      }
    }
  }
}
